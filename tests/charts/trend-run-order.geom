chart 720.0x355.0
title "Block write" at 16.0,28.0 w 94.7
trend by run order, values 0 to 150 step 50 plot 43.0-700.0 x 64.0-244.0
unit "MiB/s" at 16.0,55.0 w 29.5
tick "0" at 30.0,248.0 w 7.0
  grid 244.5
tick "50" at 23.0,188.0 w 14.0
  grid 184.5
tick "100" at 16.0,128.0 w 21.0
  grid 124.5
tick "150" at 16.0,68.0 w 21.0
  grid 64.5
time "1" at 47.5,277.0 w 7.0
  tick at 51.5
time "2" at 261.2,277.0 w 7.0
  tick at 264.5
time "3" at 474.8,277.0 w 7.0
  tick at 478.5
time "4" at 688.5,277.0 w 7.0
  tick at 692.5
caption "run order (1 of 4 runs have no date)" at 272.1,293.0 w 198.8
run 1 value point 51.0,68.6 strip 43.0-157.8
run 2 value point 264.7,70.1 strip 157.8-371.5
run 3 value point 478.3,67.6 strip 371.5-585.2
  change 1 marker 371.5,255.0 "kernel: 6.1 → 6.6"
  number "1" at 368.0,259.0 w 7.0
run 4 value point 692.0,111.5 strip 585.2-700.0
  change point rule 585.5 "-25%"
  step "-25%" at 570.0,55.0 w 31.0
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,315.0 w 499.9
legend "1: kernel: 6.1 → 6.6 (from night-03 on)" at 16.0,329.0 w 211.9
legend "Vertical rules: changes the analysis found between runs measured like for like." at 16.0,343.0 w 435.7
