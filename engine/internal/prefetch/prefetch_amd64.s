#include "textflag.h"

// func Float64s(base *float64, idx []uint32)
TEXT ·Float64s(SB), NOSPLIT|NOFRAME, $0-32
	MOVQ base+0(FP), AX
	MOVQ idx_base+8(FP), SI
	MOVQ idx_len+16(FP), CX
	TESTQ CX, CX
	JZ done
loop:
	MOVL (SI), DX // zero-extended: an index up to 2^32-1
	PREFETCHT0 (AX)(DX*8)
	ADDQ $4, SI
	DECQ CX
	JNZ loop
done:
	RET

// func Uint64s(base *uint64, idx []uint32): the same arguments, the same
// 8-byte stride.
TEXT ·Uint64s(SB), NOSPLIT|NOFRAME, $0-32
	JMP ·Float64s(SB)

// func Uint32s(base *uint32, idx []uint32): Float64s with a 4-byte
// stride.
TEXT ·Uint32s(SB), NOSPLIT|NOFRAME, $0-32
	MOVQ base+0(FP), AX
	MOVQ idx_base+8(FP), SI
	MOVQ idx_len+16(FP), CX
	TESTQ CX, CX
	JZ done32
loop32:
	MOVL (SI), DX
	PREFETCHT0 (AX)(DX*4)
	ADDQ $4, SI
	DECQ CX
	JNZ loop32
done32:
	RET

// func Uint32(p *uint32)
TEXT ·Uint32(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET
