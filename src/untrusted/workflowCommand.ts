// GitHub workflow commands (`::error file=…,line=…::message`), escaped as the Actions toolkit escapes them: `%`, CR
// and LF in a message, `:` and `,` too in a property, so that no text ends the command or starts another. Each line
// of the text is printable first: no other control character reaches the log.
import { printable } from './printable.js';

export const commandData = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(printable)
    .join('\n')
    .replace(/%/g, '%25')
    .replace(/\n/g, '%0A');

export const commandProperty = (text: string) => commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
