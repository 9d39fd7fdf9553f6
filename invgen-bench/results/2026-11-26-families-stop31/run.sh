#!/bin/bash
# usage: run.sh JAR OUT files...
jar=$1; out=$2; shift 2
for f in "$@"; do
  s=$(date +%s.%N)
  r=$(java -Xss64m -jar $jar verify $f --data-model ILP32 --signed-overflow undefined --div-by-zero undefined --undefined-shift undefined --array-bounds undefined --timeout 60 2>&1 | grep -E "^verdict|^reason" | tr '\n' ' ')
  e=$(date +%s.%N)
  printf "%s\t%.1f\t%s\t%s\n" "$(basename $f)" $(echo "$e - $s" | bc) "$r" "$(cut -d' ' -f1 /proc/loadavg)" >> $out
done
