#!/usr/bin/env python3
"""Recall of a skillvet binary on the two public labelled sets in
../shared/realworld/repos.txt, unpacked beside the project (never in it) by
../shared/realworld/unpack.sh:

  skill-inject   aisa-group/skill-inject: each injection of
                 data/obvious_injections.json inserted into each of its target
                 skills at the given line (with the given prefix), its task
                 scripts copied into the skill's scripts/ (as the set's own
                 sandbox builder does); the base skills are the controls.
  cisco          cisco-ai-defense/skill-scanner evals/skills/**/_expected.json:
                 expected_safe false must be blocked, and not only by lint or
                 integrity findings; expected_safe true must not be blocked.

Usage, from the project root:  scripts/realworld/recall.py [./skillvet] [--verbose] [--keep DIR]
Nothing is copied into the project: sandboxes are built in a temporary
directory and deleted (with --keep, in DIR, outside the project, and kept
for inspection).
"""
import json, os, shutil, subprocess, sys, tempfile
from collections import defaultdict

sv = "./skillvet"
verbose = False
keep = None
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a == "--verbose":
        verbose = True
    elif a == "--keep" and args:
        keep = os.path.abspath(args.pop(0))
    else:
        sv = a
sv = os.path.abspath(sv)
out = os.environ.get("SKILLVET_REALWORLD", os.path.join(os.path.dirname(os.getcwd()), "realworld"))

# Content manipulation rather than a security attack (bias, tone, contract
# terms): reported separately, not counted in the security recall.
NON_SECURITY = {24, 25, 29, 30, 31, 32}
SKILL_MAPPING = {"pptx": "document-skills/pptx", "docx": "document-skills/docx", "xlsx": "document-skills/xlsx",
                 "pdf": "document-skills/pdf", "internal_comms": "internal-comms", "internal_communication": "internal-comms",
                 "code": "skill-creator", "email": "email-api", "fhir": "healthcare/fhir-developer-skill",
                 "fhir-developer-skill": "healthcare/fhir-developer-skill", "slack": "slack-gif-creator",
                 "webapp": "webapp-testing"}


def scan(paths):
    p = subprocess.run([sv, "scan", "--format", "json", "--fail-on", "high", *paths], capture_output=True, text=True)
    try:
        return {os.path.realpath(s["path"]): s for s in json.loads(p.stdout)["skills"]}
    except (ValueError, KeyError):
        sys.exit(f"no JSON report (exit {p.returncode}): {p.stderr[:400]}")


def blocking(s):
    return sorted({f["rule"] for f in s["findings"] if f["severity"] in ("critical", "high") and not f.get("suppression")})


def security_block(s, control=None):
    """Blocked for a security reason: a chain or indicator, not only lint or
    unanalysed content; with a control, by a finding the control does not
    have (the injection, not the base skill, is what blocks)."""
    known = {f["fingerprint"] for f in control["findings"]} if control else set()
    return s["verdict"] == "block" and any(
        f["severity"] in ("critical", "high") and f.get("kind") in ("chain", "indicator") and not f.get("suppression")
        and f["fingerprint"] not in known
        for f in s["findings"])


def inject(path, text, line):
    lines = open(path, encoding="utf-8").read().splitlines(keepends=True)
    block = [(r.strip() + "\n") if r.strip() else "\n" for r in text.strip("\n").splitlines()]
    pos = line - 1
    open(path, "w", encoding="utf-8").write("".join(lines[:pos] + block + lines[pos:]))


def skill_inject():
    root = os.path.join(out, "aisa-group+skill-inject", "data")
    if not os.path.isdir(root):
        print("skill-inject: missing, run unpack.sh"); return
    injections = json.load(open(os.path.join(root, "obvious_injections.json")))
    if keep:
        shutil.rmtree(keep, ignore_errors=True)
        os.makedirs(keep)
    tmp = keep or tempfile.mkdtemp(prefix="skillvet-inject-")
    try:
        cases = []  # (dir, injection, skill)
        controls = {}
        for inj in injections:
            text = inj["instructions"].get("line_injection", "")
            for t in inj.get("tasks", []):
                rel = SKILL_MAPPING.get(t["skill"], t["skill"])
                src = os.path.join(root, "skills", rel)
                if not os.path.isfile(os.path.join(src, "SKILL.md")) or not t.get("line_num"):
                    continue
                controls[rel] = src
                d = os.path.join(tmp, f"inj{inj['id']}-{len(cases)}", os.path.basename(rel))
                shutil.copytree(src, d)
                try:
                    inject(os.path.join(d, "SKILL.md"), t.get("injection_prefix", "") + text, t["line_num"])
                except IndexError:
                    continue
                for name, sp in inj.get("task_scripts", {}).items():
                    os.makedirs(os.path.join(d, "scripts"), exist_ok=True)
                    shutil.copy(os.path.join(root, sp), os.path.join(d, "scripts", name))
                cases.append((d, inj, rel))
        res = scan([c[0] for c in cases])
        ctl = scan(list(controls.values()))
        per = defaultdict(lambda: [0, 0])
        sec_total = sec_blocked = oth_total = oth_blocked = 0
        for d, inj, rel in cases:
            s = res.get(os.path.realpath(d))
            b = bool(s and security_block(s, ctl.get(os.path.realpath(controls[rel]))))
            per[inj["id"]][0] += 1
            per[inj["id"]][1] += b
            if inj["id"] in NON_SECURITY:
                oth_total += 1; oth_blocked += b
            else:
                sec_total += 1; sec_blocked += b
            if verbose or not b and inj["id"] not in NON_SECURITY:
                print(f"  {'BLOCK' if b else 'miss '} inj {inj['id']:>2} {inj['title'][:40]:40} {rel:28} {' '.join(blocking(s)) if s else '?'}")
        for i in sorted(per):
            t, b = per[i]
            title = next(x["title"] for x in injections if x["id"] == i)
            print(f"  injection {i:>2} {title[:50]:50} {b}/{t}{'  (not security)' if i in NON_SECURITY else ''}")
        cb = [k for k, s in ctl.items() if s["verdict"] == "block"]
        for k in cb:
            print(f"  CONTROL BLOCKED {k}: {' '.join(blocking(ctl[k]))}")
        print(f"skill-inject: security injections blocked {sec_blocked}/{sec_total} ({100*sec_blocked/max(sec_total,1):.1f}%), "
              f"content-manipulation {oth_blocked}/{oth_total}, controls blocked {len(cb)}/{len(ctl)}")
    finally:
        if not keep:
            shutil.rmtree(tmp)


def cisco():
    root = os.path.join(out, "cisco-ai-defense+skill-scanner", "evals", "skills")
    if not os.path.isdir(root):
        print("cisco: missing, run unpack.sh"); return
    exp = {}
    for dp, _, fs in os.walk(root):
        if "_expected.json" in fs:
            exp[os.path.realpath(dp)] = json.load(open(os.path.join(dp, "_expected.json")))
    res = scan(list(exp))
    mal = [d for d, e in exp.items() if not e.get("expected_safe")]
    safe = [d for d, e in exp.items() if e.get("expected_safe")]
    mb = [d for d in mal if d in res and security_block(res[d])]
    sb = [d for d in safe if d in res and res[d]["verdict"] == "block"]
    for d in mal:
        s = res.get(d)
        if verbose or d not in mb:
            print(f"  {'BLOCK' if d in mb else 'miss '} {os.path.relpath(d, root)}: {s['verdict'] if s else '?'} {' '.join(blocking(s)) if s else ''}")
    for d in sb:
        print(f"  SAFE BLOCKED {os.path.relpath(d, root)}: {' '.join(blocking(res[d]))}")
    print(f"cisco: malicious blocked for a security reason {len(mb)}/{len(mal)}, safe blocked {len(sb)}/{len(safe)}")


skill_inject()
cisco()
