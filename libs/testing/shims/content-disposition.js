// Jest-only stand-in for content-disposition 3 (an ES module that jest, in its vm-modules mode, refuses
// to require from @fastify/static): the same create/parse API from the CommonJS 1.x line.
const contentDisposition = require('content-disposition-cjs');

// Callable as well: the mapping also catches express 4's own content-disposition 0.5 (express is loaded
// under jest by oauth2-mock-server, the local Google of the social sign-in tests), which is a function.
module.exports = Object.assign((...args) => contentDisposition(...args), {
  create: contentDisposition,
  parse: contentDisposition.parse,
});
