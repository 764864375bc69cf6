// Each test worker, and every command it starts, prints without colour: the tests read the words, and a CI's
// FORCE_COLOR (or a tool that colours whenever `CI` is set, as Prettier does) would put escapes between them.
delete process.env.FORCE_COLOR;
process.env.NO_COLOR = '1';
