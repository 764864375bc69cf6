// `completion bash|zsh`: a shell completion script made from the commands and options as they are defined, so
// that it cannot drift from them: the command names, each command's flags, and the values of a flag with choices
// (--format, --fail-on…). Files complete as the shell's default.
import { Argument, type Command } from 'commander';

const SHELLS = ['bash', 'zsh'] as const;

/** One shell word list: what a `case` arm offers. */
const words = (list: readonly string[]) => list.join(' ');

function bashScript(program: Command): string {
  const commands = program.commands.filter((command) => command.name() !== 'completion');
  const flags = commands.map((command) => {
    const long = command.options.flatMap((option) => (option.long ? [option.long] : []));
    return `    ${command.name()}) flags="${words([...long, '--help'])}" ;;`;
  });
  const choices = commands.flatMap((command) =>
    command.options
      .filter((option) => option.argChoices && option.long)
      .map((option) => {
        const offered = `COMPREPLY=($(compgen -W "${words(option.argChoices ?? [])}" -- "$cur"))`;
        return `    ${command.name()}:${option.long}) ${offered}; return ;;`;
      }),
  );
  const names = words([...commands.map((command) => command.name()), 'completion', 'help']);
  return `# chatbot-api-mock completion for bash; in ~/.bashrc: source <(chatbot-api-mock completion bash)
_chatbot_api_mock() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command="\${COMP_WORDS[1]}" flags
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${names}" -- "$cur")); return; fi
  case "$command:$prev" in
${choices.join('\n')}
  esac
  case "$command" in
${flags.join('\n')}
    *) flags="--help" ;;
  esac
  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$flags" -- "$cur")); fi
}
complete -o default -F _chatbot_api_mock chatbot-api-mock
`;
}

export function addCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script: source <(chatbot-api-mock completion bash)')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action((shell: (typeof SHELLS)[number]) => {
      const script = bashScript(program);
      // zsh runs bash's completion functions once bashcompinit is loaded.
      process.stdout.write(
        shell === 'zsh'
          ? `# chatbot-api-mock completion for zsh; in ~/.zshrc: source <(chatbot-api-mock completion zsh)\n` +
              `autoload -U +X bashcompinit && bashcompinit\n${script}`
          : script,
      );
    });
}
