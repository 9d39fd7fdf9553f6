"""SV-COMP set, main against accel, from two results.csv: python3 compare.py svcomp-main/results.csv svcomp-accel/results.csv [all]"""
import csv, sys
def load(p):
    rows = {}
    for r in csv.DictReader(open(p)):
        if r['configuration'] != 'default': continue
        rows[(r['benchmark'], r['nondet_globals'])] = r
    return rows
a = load(sys.argv[1]); b = load(sys.argv[2])
def dec(r): return r['verdict'] in ('safe', 'unsafe')
def right(r): return dec(r) and r['wrong'] == 'false'
def summary(rows):
    d = sum(1 for r in rows.values() if dec(r)); w = sum(1 for r in rows.values() if r['wrong'] == 'true')
    t = sum(float(r['seconds']) for r in rows.values()); td = sum(float(r['seconds']) for r in rows.values() if dec(r))
    acc = sum(1 for r in rows.values() if r.get('accelerated') == '1')
    return d, w, t, td, acc
for name, rows in (('main', a), ('accel', b)):
    d, w, t, td, acc = summary(rows)
    print(f"{name}: decided {d}/{len(rows)}, wrong {w}, total {t:.1f} s, time of decided {td:.1f} s, needed acceleration {acc}")
both = [k for k in a if dec(a[k]) and k in b and dec(b[k])]
print(f"decided by both: {len(both)}; time on those: main {sum(float(a[k]['seconds']) for k in both):.1f} s, accel {sum(float(b[k]['seconds']) for k in both):.1f} s")
print("| task | expected | main | s | accel | s | accel. needed |")
print("|---|---|---|---|---|---|---|")
for k in sorted(set(a) | set(b)):
    ra, rb = a.get(k), b.get(k)
    if ra and rb and dec(ra) == dec(rb) and ra['verdict'] == rb['verdict'] and rb.get('accelerated') != '1' and len(sys.argv) < 4:
        continue
    name = k[0] + (' (nondet globals)' if k[1] == 'true' else '')
    print(f"| {name} | {(ra or rb)['expected']} | {ra['verdict'] if ra else '-'}{' WRONG' if ra and ra['wrong']=='true' else ''} | {float(ra['seconds']):.1f} | {rb['verdict'] if rb else '-'}{' WRONG' if rb and rb['wrong']=='true' else ''} | {float(rb['seconds']):.1f} | {rb.get('accelerated','')} |")
