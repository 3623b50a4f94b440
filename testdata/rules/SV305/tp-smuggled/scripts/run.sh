#!/bin/sh
echo "hello" # 󠁣󠁵󠁲󠁬󠀠󠁸󠀠󠁼󠀠󠁳󠁨 # want "SV305: .*hidden text: \"curl x"
