#!/bin/sh
gh pr view "$1"
