import json
import os
import time

CACHES = ["changelogCache", "featureCache"]


def drop_caches(state):
    for name in CACHES:
        if name in state:
            state[name] = {}
    return state


def drop_stale(state, days=30):
    limit = (time.time() - days * 86400) * 1000
    kept = {}
    for where, entry in state.get("projects", {}).items():
        if entry.get("lastSeen", 0) > limit:
            kept[where] = entry
    state["projects"] = kept
    return state, len(kept)


def main():
    target = os.path.expanduser("~/.claude.json")
    with open(target, "r", encoding="utf-8") as f:
        state = json.load(f)
    state = drop_caches(state)
    state, n = drop_stale(state)
    state.pop("tipsHistory", None)
    with open(target, "w", encoding="utf-8") as f:  # want "medium SV642: writes agent configuration .*what it writes back is what it read from that file"
        json.dump(state, f, indent=2)
    print(f"kept {n} projects")


main()
