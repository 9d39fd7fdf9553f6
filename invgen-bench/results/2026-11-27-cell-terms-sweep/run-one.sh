#!/bin/bash
# job.sh CONFIG FILE KIND  -> one line: config file verdict seconds
n=$1; f=$2; kind=$3
if [ "$kind" = svcomp ]; then opts="--data-model ILP32 --signed-overflow undefined --div-by-zero undefined --undefined-shift undefined --array-bounds undefined"; else opts=""; fi
s=$(date +%s.%N)
out=$(timeout 90 java -Xss64m -jar ${PDPV_JAR:-target/pdpv.jar} verify $f $opts --timeout 60 --cell-terms $n 2>&1)
e=$(date +%s.%N)
v=$(echo "$out" | grep -m1 '^verdict:' | cut -d' ' -f2)
echo -e "$n\t$(basename $f)\t${v:-none}\t$(echo "$e - $s" | bc)\t$(uptime | sed 's/.*average: //' | cut -d, -f1)"
