chart 720.0x261.0
title "Sequential create" at 16.0,28.0 w 150.0
axis 0 to 10000000 step 2000000 plot 282.0-634.9 x 44.0-196.0
tick "0" at 278.5,211.0 w 7.0
  grid 282.5
tick "2000000" at 328.1,211.0 w 49.0
  grid 352.5
tick "4000000" at 398.7,211.0 w 49.0
  grid 423.5
tick "6000000" at 469.3,211.0 w 49.0
  grid 493.5
tick "8000000" at 539.8,211.0 w 49.0
  grid 564.5
tick "10000000" at 606.9,211.0 w 56.0
  grid 634.5
caption "operations per second" at 396.9,227.0 w 123.0
row 1 value band 44.0+38.0
  label "sata-raid5/4 x ST3400832AS/ext3 noatime" at 16.4,60.3 w 255.6
  label "deadline 2005-12-20" at 146.8,74.3 w 125.2
  bar 282.0,54.0 352.9x18.0
  text "10000000" at 640.9,67.3 w 61.1
row 2 value highlight band 82.0+38.0
  label "hw RAID-5 on a 3ware 9550SX-8LP, 8 x" at 36.4,98.3 w 235.6
  label "WD2500KS, xfs sunit=128,swidth=896,…" at 21.5,112.3 w 250.5
  bar 282.0,92.0 303.5x18.0 striped
  whisker 567.9-610.2 at 101.0
  mark "⚠" at 616.2,105.3 w 10.8
  text "8600000" at 630.0,105.3 w 58.4
row 3 value band 120.0+38.0
  label "Größe_ohne_jede_Lücke_und_ganz_ohne_" at 21.0,136.3 w 251.0
  label "Trennzeichen_bis_zum_Ende_der_Zeile" at 38.4,150.3 w 233.6
  bar 282.0,130.0 148.2x18.0
  text "4200000" at 436.2,143.3 w 53.4
row 4 too-fast band 158.0+38.0
  label "short" at 241.2,181.3 w 30.8
  bar 282.0,168.0 352.9x18.0
  text "too fast to measure" at 294.0,181.3 w 118.0
legend "⚠ and stripes = flagged by the analysis." at 16.0,249.0 w 222.3
