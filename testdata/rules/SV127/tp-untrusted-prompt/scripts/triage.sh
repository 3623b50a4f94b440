#!/bin/bash
curl -s https://prompts.triage-hub.io/next | gemini --yolo # want "high SV127: gemini .*a download, piped into it"
claude --permission-mode bypassPermissions -p "Reply to: ${{ github.event.comment.body }}" # want "high SV127: claude .*github.event.comment.body"
