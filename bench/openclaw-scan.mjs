#!/usr/bin/env node
// openclaw-scan.mjs: run OpenClaw's skill scanner over every skill under a
// directory, the way OpenClaw's own skill audit does it
// (getSkillCodeSafetySummary in dist/audit-extra.async-*.mjs):
//
//   scanDirectoryWithSummary(skillDir)      JS/TS files of the skill (by extension)
//   + scanSkillContent(SKILL.md text)        pipe-to-shell, env exfiltration, rm -rf, chmod 777, secrets
//   + scanSource(SKILL.md text)              the JS line rules, also run on SKILL.md
//
// Usage:
//   node bench/openclaw-scan.mjs --openclaw DIR/node_modules/openclaw [--dir-only] [--json] ROOT
//
// A skill is a directory holding SKILL.md (found at any depth under ROOT; the
// walk does not descend into a skill). --dir-only runs scanDirectoryWithSummary
// alone. maxFiles is raised to 100000 per skill (the default, 500, would cut
// large skills short). The summary goes to stdout: skills, files scanned,
// finding counts per severity, and the skills flagged (any critical or warn
// finding). --json prints one JSON object
// with every skill's counts and rule IDs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function usage(msg) {
  if (msg) console.error("openclaw-scan: " + msg);
  console.error("usage: node openclaw-scan.mjs --openclaw PKGDIR [--dir-only] [--json] ROOT");
  process.exit(2);
}

const args = process.argv.slice(2);
let pkg = "";
let dirOnly = false;
let json = false;
let root = "";
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--openclaw") pkg = args[++i] ?? "";
  else if (a === "--dir-only") dirOnly = true;
  else if (a === "--json") json = true;
  else if (a.startsWith("-")) usage("unknown flag " + a);
  else if (!root) root = a;
  else usage("one ROOT only");
}
if (!pkg || !root) usage();

// The scanner is the chunk of dist/ that exports scanDirectoryWithSummary by
// name (scanner-<hash>.mjs; a sibling chunk exports it minified as "n").
const dist = path.join(pkg, "dist");
let scanner = null;
for (const f of fs.readdirSync(dist).filter((f) => /^scanner-.*\.mjs$/.test(f)).sort()) {
  const m = await import(pathToFileURL(path.join(dist, f)).href);
  if (typeof m.scanDirectoryWithSummary === "function") {
    scanner = m;
    break;
  }
}
if (!scanner) usage("no dist/scanner-*.mjs exporting scanDirectoryWithSummary under " + pkg);

function findSkills(dir, out) {
  let ents;
  try {
    ents = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  if (ents.some((e) => e.isFile() && e.name === "SKILL.md")) {
    out.push(dir);
    return;
  }
  for (const e of ents) {
    if (e.isDirectory() && e.name !== ".git" && e.name !== "node_modules") findSkills(path.join(dir, e.name), out);
  }
}

const skills = [];
findSkills(path.resolve(root), skills);
skills.sort();

const totals = { skills: skills.length, scannedFiles: 0, critical: 0, warn: 0, info: 0, flagged: 0 };
const perSkill = [];
for (const dir of skills) {
  const sum = await scanner.scanDirectoryWithSummary(dir, { maxFiles: 100000 });
  let findings = sum.findings;
  let scanned = sum.scannedFiles;
  if (!dirOnly) {
    const p = path.join(dir, "SKILL.md");
    const text = fs.readFileSync(p, "utf8");
    findings = findings.concat(scanner.scanSkillContent(text, p), scanner.scanSource(text, p));
    scanned += 1;
  }
  const sev = { critical: 0, warn: 0, info: 0 };
  for (const f of findings) sev[f.severity === "critical" ? "critical" : f.severity === "warn" ? "warn" : "info"]++;
  const flagged = sev.critical + sev.warn > 0;
  totals.scannedFiles += scanned;
  totals.critical += sev.critical;
  totals.warn += sev.warn;
  totals.info += sev.info;
  if (flagged) totals.flagged++;
  perSkill.push({ dir: path.relative(path.resolve(root), dir) || ".", flagged, ...sev, rules: [...new Set(findings.map((f) => f.ruleId))].sort() });
}

if (json) {
  console.log(JSON.stringify({ mode: dirOnly ? "dir-only" : "skill-audit", totals, skills: perSkill }, null, 1));
} else {
  console.log(`openclaw (${dirOnly ? "dir-only" : "skill-audit"}): ${totals.skills} skills, ${totals.scannedFiles} files scanned, ` +
    `critical ${totals.critical}, warn ${totals.warn}, info ${totals.info}, flagged ${totals.flagged}`);
}
