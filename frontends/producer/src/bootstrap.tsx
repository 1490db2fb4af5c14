import { mountStandalone } from '@beatmatch/frontend-common/standalone';
import App from './App';
import { producerPages } from './pages';

mountStandalone(App, producerPages);
