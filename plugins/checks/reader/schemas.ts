/**
 * The reader's two answers, as strict schemas (core/contracts/model.ts): every object closed and every property
 * required, null where a value may be absent. Counts and ranges (5 to 8 questions, a question number that exists,
 * at least two places per contradiction) are not schema keywords a strict endpoint takes; the code enforces them.
 */
import type { AnswerSchema } from "../../../core/contracts/model.ts";

export interface QuestionsAnswer {
  readonly reader: string;
  readonly questions: ReadonlyArray<{ readonly question: string; readonly why: string }>;
}

export const questionsSchema: AnswerSchema = {
  name: "reader_questions",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["reader", "questions"],
    properties: {
      reader: { type: "string", description: "Who reads this document, in a few words." },
      questions: {
        type: "array",
        description: "5 to 8 questions, the most important first.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["question", "why"],
          properties: {
            question: { type: "string", description: "One question, in the document's language." },
            why: { type: "string", description: "Why this reader needs the answer, in one short sentence." },
          },
        },
      },
    },
  },
};

export interface AnswersAnswer {
  readonly answers: ReadonlyArray<{
    readonly question: number;
    readonly status: "answered" | "unanswered";
    readonly answer: string | null;
    readonly block_ids: ReadonlyArray<string>;
  }>;
  readonly contradictions: ReadonlyArray<{
    readonly what: string;
    readonly places: ReadonlyArray<{ readonly block_id: string; readonly excerpt: string }>;
  }>;
}

export const answersSchema: AnswerSchema = {
  name: "reader_answers",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["answers", "contradictions"],
    properties: {
      answers: {
        type: "array",
        description: "One entry per question, in the order given.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["question", "status", "answer", "block_ids"],
          properties: {
            question: { type: "integer", description: "The question's number as given (1 for the first)." },
            status: { type: "string", enum: ["answered", "unanswered"] },
            answer: { type: ["string", "null"], description: "The answer the text gives, in a few words; null when unanswered." },
            block_ids: {
              type: "array",
              description: "Answered: the ids of the blocks that state the answer. Unanswered: the id of the block where a reader would look for it, or none.",
              items: { type: "string" },
            },
          },
        },
      },
      contradictions: {
        type: "array",
        description: "Places where the document says two incompatible things about the same thing; empty when there are none.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["what", "places"],
          properties: {
            what: { type: "string", description: "What the places disagree about, in a few words (e.g. the total price)." },
            places: {
              type: "array",
              description: "Two or more places, each in its own block.",
              items: {
                type: "object",
                additionalProperties: false,
                required: ["block_id", "excerpt"],
                properties: {
                  block_id: { type: "string", description: "The block's id, as in the brackets (e.g. b12)." },
                  excerpt: { type: "string", description: "The words of that block that say it, copied exactly, at most 20 words." },
                },
              },
            },
          },
        },
      },
    },
  },
};
