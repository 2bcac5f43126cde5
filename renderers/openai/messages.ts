/** Our messages on the wire of the chat completions API: images as PNG data URLs, the schema text for JSON mode. */
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AnswerSchema, ModelContent, ModelMessage } from "../../core/contracts/model.ts";

const partsOf = (content: Exclude<ModelContent, string>): ChatCompletionContentPart[] =>
  content.map((part) =>
    part.type === "text"
      ? { type: "text", text: part.text }
      : { type: "image_url", image_url: { url: `data:image/png;base64,${Buffer.from(part.png).toString("base64")}` } },
  );

const textOf = (content: ModelContent): string =>
  typeof content === "string"
    ? content
    : content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");

const wire = (message: ModelMessage): ChatCompletionMessageParam => {
  if (typeof message.content === "string") return { role: message.role, content: message.content };
  // Only user messages may carry images on this API; system and assistant messages are text.
  if (message.role === "user") return { role: "user", content: partsOf(message.content) };
  return { role: message.role, content: textOf(message.content) };
};

/** JSON mode has no schema on the wire, so the model reads it in the system message. */
export const schemaInstruction = (schema: AnswerSchema): string =>
  `Answer with one JSON object that validates against this JSON schema: ${JSON.stringify(schema.schema)}`;

/** The messages to send; with `instruction`, the first system message gains it (or one is put first). */
export const wireMessages = (messages: ReadonlyArray<ModelMessage>, instruction?: string): ChatCompletionMessageParam[] => {
  const out = messages.map(wire);
  if (instruction === undefined) return out;
  const system = messages.findIndex((m) => m.role === "system");
  if (system === -1) return [{ role: "system", content: instruction }, ...out];
  out[system] = { role: "system", content: `${textOf(messages[system]!.content)}\n\n${instruction}` };
  return out;
};
