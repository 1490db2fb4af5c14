import { mountStandalone } from '@beatmatch/frontend-common/standalone';
import App from './App';
import { artistPages } from './pages';

mountStandalone(App, artistPages, '/user/matchmaker');
