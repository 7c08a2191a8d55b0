// jest's global teardown (jest.config.js), run once after the last test file: removes the run's temporary
// folder (libs/testing/run-temp.js).
const { leaveRunTemp } = require('./run-temp');

module.exports = async function globalTeardown() {
  leaveRunTemp();
};
