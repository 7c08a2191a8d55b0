'use strict';
// See support/sdk-catalogue.js (the SDK's products.list against the same request sent with fetch).
module.exports = require('./support/sdk-catalogue').rawScenario();
