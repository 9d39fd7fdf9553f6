#!/bin/bash
# pair.sh N FILE [args]: alternate main (a directory $MAIN with main's pdpv.jar and pdpv.jsa) and new (${NEW:-target}) as TaskRunner runs them
n=$1; f=$2; shift 2
for i in $(seq $n); do
  for b in main new; do
    d=${MAIN:?set MAIN to a directory holding the pdpv.jar and pdpv.jsa of main}; [ $b = new ] && d=${NEW:-target}
    l=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "$b %e %U %S load=$l" -o ${TMPDIR:-/tmp}/pair-t.$$ java -Xss64m -XX:SharedArchiveFile=$d/pdpv.jsa -Xlog:cds=off -Xlog:cds+dynamic=off -cp $d/pdpv.jar pdpv.cli.Main verify --json "$@" $f > ${TMPDIR:-/tmp}/pair-o.$$ 2>&1
    echo "$(cat ${TMPDIR:-/tmp}/pair-t.$$) $(grep -o '"verdict" *: *"[a-z]*"' ${TMPDIR:-/tmp}/pair-o.$$ | head -1)"
  done
done
rm -f ${TMPDIR:-/tmp}/pair-t.$$ ${TMPDIR:-/tmp}/pair-o.$$
