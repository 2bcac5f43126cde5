/** The command line's help text and its usage error (exit code 2). */
export const USAGE = `quire: create, review, edit and extract documents with the Quire API

Usage:
  quire create <file.md> --format <docx|pptx|xlsx|pdf> [-o <file>]
  quire create --prompt "<text>" --format <format> [<source files>…] [-o <file>]
  quire review <file> [-o <file>]
  quire edit <file> --prompt "<text>" [-o <file>]
  quire extract <file>                 Markdown on stdout
  quire artifact <page.md> [--open]    prints the page link
  quire get <doc_id>
  quire report <doc_id>

Options:
  -o, --output <file>   where to write the result (default: the document's name in this folder)
  -f, --format <format> the output format (create)
  -p, --prompt <text>   what to write (create) or to change (edit)
      --name <name>     the document's name
      --quality <q>     auto, fast, standard or best
      --json            print the Document (or Report) JSON on stdout, for scripts
      --progress        show progress even when stderr is not a terminal
      --open            open the artifact page with $BROWSER (a command given the link), else xdg-open
      --api-key <key>   default: $QUIRE_API_KEY
      --base-url <url>  default: $QUIRE_BASE_URL or http://localhost:8080/v1
  -h, --help

Exit codes: 0 done, 1 the service answered with a Problem (its code and detail on stderr) or the document
failed, 2 usage error.
`;

export class UsageError extends Error {
  override name = "UsageError";
}
