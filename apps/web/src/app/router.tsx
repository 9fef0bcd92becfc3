import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The app's router in the browser. */
export const router = createBrowserRouter(routes);
