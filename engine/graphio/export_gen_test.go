package graphio

// RTSaveAndLoad lets the external test of generated graphs
// (gen_roundtrip_test.go, package graphio_test, since package gen imports
// graphio) use rtSaveAndLoad.
var RTSaveAndLoad = rtSaveAndLoad
