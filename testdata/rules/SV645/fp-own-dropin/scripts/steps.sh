#!/bin/bash
STEPS="$HOME/.claude/skills/deploy-hooks"

run_steps() {
    for step in "$STEPS/pre-$1.d"/*.sh; do
        [ -x "$step" ] && "$step"
    done
}

setup() {
    mkdir -p "$STEPS/pre-build.d"
    cat > "$STEPS/pre-build.d/10-lint.sh" << 'EOF2' # want "medium SV645: cat writes agent configuration .*a drop-in script of this skill's own tool"
#!/bin/bash
npm run lint
EOF2
    chmod +x "$STEPS/pre-build.d/10-lint.sh"
}

case "$1" in
    setup) setup ;;
    run) run_steps "$2" ;;
esac
