import { producerPages } from '@beatmatch/frontend-common';
import { mountStandalone } from '@beatmatch/frontend-common/standalone';
import App from './App';

mountStandalone(App, producerPages);
