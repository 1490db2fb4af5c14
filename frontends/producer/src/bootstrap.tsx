import { mountStandalone } from '@beatmatch/frontend-common/src/standalone';
import App from './App';

mountStandalone(App);
