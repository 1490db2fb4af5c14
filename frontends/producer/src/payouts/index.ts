export { ConfigurePayout } from './ConfigurePayout';
export { BeatPayouts } from './BeatPayouts';
export { PayoutsHistory } from './PayoutsHistory';
export { WalletPage } from './WalletPage';
