import { driftedManifests, renderManifests } from './deploy-manifests';
import { serviceRegistry } from '@beatmatch/contracts';

/** The committed deploy manifests are what the service registry generates (scripts/deploy-manifests.ts). */
describe('deploy manifests', () => {
  it('match the service registry (run `node --import tsx scripts/deploy-manifests.ts` after changing it)', async () => {
    expect(await driftedManifests()).toEqual([]);
  });

  it('give every registered service an app manifest, a compose entry and a gateway URL', async () => {
    const files = await renderManifests();
    for (const { name, port } of serviceRegistry) {
      expect(files.get(`deploy/k8s/apps/${name}.yaml`)).toContain(`containerPort: ${port}`);
      expect(files.get('deploy/compose.yaml')).toContain(`args: { SERVICE: ${name} }`);
      expect(files.get('deploy/k8s/apps/gateway.yaml')).toContain(`value: http://${name}:${port}`);
      expect(files.get('deploy/k8s/kustomization.yaml')).toContain(`- apps/${name}.yaml`);
    }
  });
});
