// `node api/dist/main.js` (npm start, Docker): the whole product in one process; see app/main.ts.
import './app/main.js';
