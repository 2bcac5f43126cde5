/** Software and IT: what a senior engineer or IT manager checks in a specification, proposal, report or contract. */
import type { Checklist } from "../match.ts";

export const software: Checklist = {
  id: "software",
  names: ["software", "it", "information technology", "technology", "tech", "software development", "software engineering", "saas", "cloud", "cybersecurity", "devops", "it services", "software and it", "informática", "tecnología", "tecnologías de la información", "desarrollo de software", "ti", "sistemas", "ciberseguridad"],
  guide: [
    "State the scope: the system, product, component and version covered.",
    "Use exact names for components, APIs, commands and settings; write code, commands and paths as code.",
    "Make requirements and deliverables testable, each with acceptance criteria.",
    "Give measurable targets (latency, availability, capacity, response times) instead of adjectives such as \"fast\" or \"scalable\".",
    "State assumptions, dependencies, constraints and environments.",
    "Address security, access control and personal data explicitly.",
    "Name risks with their mitigation, including rollback or contingency.",
    "Give every action, milestone or deliverable an owner and a date.",
  ].join("\n"),
  points: [
    { id: "scope-version", text: "States the scope and the system, product or version covered.", test: "Does the text state which system, product, component or version it covers and the scope of the work?" },
    { id: "testable-requirements", text: "States requirements or deliverables in testable terms, with acceptance criteria.", test: "Are requirements or deliverables stated in testable terms with acceptance criteria?", types: ["contract", "report", "presentation", "memo", "spreadsheet"] },
    { id: "measurable-targets", text: "Gives measurable targets instead of vague adjectives.", test: "Does the text give measurable targets (performance, availability, capacity, service levels) rather than adjectives such as \"fast\" or \"robust\"?" },
    { id: "security", text: "Addresses security, access control and data protection.", test: "Does the text address security, access control or the protection of personal data?" },
    { id: "dependencies", text: "States assumptions, dependencies and constraints (environments, third-party services).", test: "Does the text state assumptions, dependencies or constraints (environments, third-party services, integrations)?" },
    { id: "risks-rollback", text: "Names risks with mitigation, including rollback or contingency.", test: "Does the text name risks with their mitigation, including rollback or contingency plans?", types: ["report", "presentation", "memo", "minutes"] },
    { id: "owners-dates", text: "Gives actions, milestones and deliverables an owner and a date.", test: "Do the actions, milestones or deliverables have an owner and a date?", types: ["report", "presentation", "memo", "minutes", "contract", "spreadsheet"] },
    { id: "terminology", text: "Uses exact, consistent names for components, APIs and commands, and defines acronyms.", test: "Are components, APIs and commands named exactly and consistently, and are acronyms defined at first use?" },
    { id: "ip-licensing", text: "States ownership of the code and the licences of third-party and open-source components.", test: "Does the text state who owns the intellectual property of the work and how third-party or open-source components are licensed?", types: ["contract"] },
    { id: "support-levels", text: "States support and maintenance levels with response times.", test: "Does the text state support or maintenance levels with response or resolution times?", types: ["contract"] },
  ],
};
