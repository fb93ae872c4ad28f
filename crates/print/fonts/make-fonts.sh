#!/usr/bin/env bash
# Rebuilds the embedded font subsets (see README.md). Run from this folder; needs network
# access to the Debian and npm registries and `pip install fonttools`.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download fonts-noto-core && dpkg -x fonts-noto-core_*.deb deb)
for script in jp kr sc; do
  (cd "$work" && npm pack --silent "@expo-google-fonts/noto-sans-$script@0.4.3" && mkdir -p "$script" && tar -xzf expo-google-fonts-noto-sans-$script-0.4.3.tgz -C "$script")
done
latin=U+0000-024F,U+0250-02FF,U+0300-036F,U+0370-03FF,U+0400-052F,U+1C80-1C8F,U+1D00-1DBF,U+1E00-1FFF
latin=$latin,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2150-218F,U+2190-21FF,U+2C60-2C7F,U+A640-A69F,U+A720-A7FF,U+FB00-FB06,U+FFFD
pyftsubset "$work/deb/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf" --unicodes="$latin" \
  --layout-features='*' --output-file=NotoSans-Latin-Cyrillic-Greek.ttf
cp "$work/jp/package/400Regular/NotoSansJP_400Regular.ttf" NotoSansJP-Regular.ttf
pyftsubset "$work/kr/package/400Regular/NotoSansKR_400Regular.ttf" \
  --unicodes=U+1100-11FF,U+3130-318F,U+A960-A97F,U+AC00-D7AF,U+D7B0-D7FF --output-file=NotoSansKR-Hangul.ttf
python3 - "$work/sc/package/400Regular/NotoSansSC_400Regular.ttf" > "$work/sc.txt" <<'PY'
import sys
from fontTools.ttLib import TTFont
jp = TTFont('NotoSansJP-Regular.ttf').getBestCmap()
sc = TTFont(sys.argv[1]).getBestCmap()
print(','.join('U+%04X' % c for c in sc if 0x4E00 <= c <= 0x9FFF and c not in jp))
PY
pyftsubset "$work/sc/package/400Regular/NotoSansSC_400Regular.ttf" --unicodes-file="$work/sc.txt" \
  --output-file=NotoSansSC-Extra.ttf
ls -l ./*.ttf
