#include "textflag.h"

// func Line(p unsafe.Pointer)
TEXT ·Line(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func Float64s(base *float64, idx []uint32)
TEXT ·Float64s(SB), NOSPLIT|NOFRAME, $0-32
	MOVQ base+0(FP), AX
	MOVQ idx_base+8(FP), SI
	MOVQ idx_len+16(FP), CX
	TESTQ CX, CX
	JZ done
loop:
	MOVL (SI), DX
	PREFETCHT0 (AX)(DX*8)
	ADDQ $4, SI
	DECQ CX
	JNZ loop
done:
	RET
