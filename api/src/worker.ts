// `node api/dist/worker.js` (npm run worker, docker-compose): a processing worker alone; see app/worker.ts.
import './app/worker.js';
