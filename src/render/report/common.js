// What the other files share: the page's data (the JSON that src/render/html.rs writes into
// #data, #unread and #colours), the squares' names and centres, the pieces' names, and `el`,
// which makes an SVG element.

var games = JSON.parse(document.getElementById('data').textContent);
var unread = JSON.parse(document.getElementById('unread').textContent);
var colours = JSON.parse(document.getElementById('colours').textContent);
var SVG = 'http://www.w3.org/2000/svg';
var FILES = 'abcdefgh';
var ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
var GLYPHS = { P: '♙', N: '♘', B: '♗', R: '♖', Q: '♕', K: '♔', p: '♟', n: '♞', b: '♝', r: '♜', q: '♛', k: '♚' };
var POOL_ORDER = 'QRBNPqrbnp';
var MOVE = /^([a-h][1-8])([a-h][1-8])(?:=([qrbnk]))?(?:\/([a-h][1-8])([a-h][1-8]))?(?:x([a-h][1-8]))?$/;

function el(name, attrs, parent) {
  var node = document.createElementNS(SVG, name);
  Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
  if (parent) { parent.appendChild(node); }
  return node;
}
function squareIndex(name) { return (name.charCodeAt(1) - 49) * 8 + FILES.indexOf(name[0]); }
function squareName(i) { return FILES[i % 8] + (Math.floor(i / 8) + 1); }
// Board units: a square is 100, a8's top-left corner is 0 0 (as src/render/layout.rs).
function centre(name) {
  var i = squareIndex(name);
  return [(i % 8) * 100 + 50, (7 - Math.floor(i / 8)) * 100 + 50];
}
var OFFSET = 40;
function isWhite(letter) { return letter === letter.toUpperCase(); }
function pieceName(letter) {
  return (isWhite(letter) ? "White's " : "Black's ") + ROLES[letter.toLowerCase()];
}
