#!/bin/bash
# usage: famone.sh JAR OUTDIR NAME "ARGS" FILE
jar=$1; out=$2; name=$3; args=$4; f=$5
s=$(date +%s.%N)
r=$(java -Xss64m -jar $jar verify $f --data-model ILP32 --signed-overflow undefined --div-by-zero undefined --undefined-shift undefined --array-bounds undefined --timeout 60 $args 2>&1 | grep -E "^verdict|^reason" | tr '\n' ' ')
e=$(date +%s.%N)
printf "%s\t%s\t%.1f\t%s\t%s\n" "$name" "$(basename $f)" $(echo "$e - $s" | bc) "$r" "$(cut -d' ' -f1 /proc/loadavg)" >> $out/families.tsv
