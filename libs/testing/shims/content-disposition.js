// Jest-only stand-in for content-disposition 3 (an ES module that jest, in its vm-modules mode, refuses
// to require from @fastify/static): the same create/parse API from the CommonJS 1.x line.
const contentDisposition = require('content-disposition-cjs');

module.exports = { create: contentDisposition, parse: contentDisposition.parse };
