// Where the discovery documents are published: the documents surface serves them there, and the
// pages and robots.txt point at them, so each path is written once here.

/** The primary ARD document: robots.txt's Agentmap and every page's rel="ard" link name it. */
export const ardPath = '/.well-known/ard.json';
