#include "textflag.h"

// func addToSlotsAVX2(slots []float64, x float64)
TEXT ·addToSlotsAVX2(SB), NOSPLIT, $0-32
	MOVQ slots_base+0(FP), SI
	MOVQ slots_len+8(FP), CX
	VBROADCASTSD x+24(FP), Y0
sixteen:
	CMPQ CX, $16
	JL four
	VADDPD (SI), Y0, Y1
	VADDPD 32(SI), Y0, Y2
	VADDPD 64(SI), Y0, Y3
	VADDPD 96(SI), Y0, Y4
	VMOVUPD Y1, (SI)
	VMOVUPD Y2, 32(SI)
	VMOVUPD Y3, 64(SI)
	VMOVUPD Y4, 96(SI)
	ADDQ $128, SI
	SUBQ $16, CX
	JMP sixteen
four:
	CMPQ CX, $4
	JL one
	VADDPD (SI), Y0, Y1
	VMOVUPD Y1, (SI)
	ADDQ $32, SI
	SUBQ $4, CX
	JMP four
one:
	TESTQ CX, CX
	JZ done
	VADDSD (SI), X0, X1
	VMOVSD X1, (SI)
	ADDQ $8, SI
	DECQ CX
	JMP one
done:
	VZEROUPPER
	RET

// func addEachToSlotsAVX2(slots, xs []float64)
// Sixteen slots at a time in four registers, then four, then one: each
// takes every x of xs in order, loaded once and stored once.
TEXT ·addEachToSlotsAVX2(SB), NOSPLIT, $0-48
	MOVQ slots_base+0(FP), SI
	MOVQ slots_len+8(FP), CX
	MOVQ xs_base+24(FP), DI
	MOVQ xs_len+32(FP), R8
	LEAQ (DI)(R8*8), R9 // the end of xs
sixteen:
	CMPQ CX, $16
	JL four
	VMOVUPD (SI), Y1
	VMOVUPD 32(SI), Y2
	VMOVUPD 64(SI), Y3
	VMOVUPD 96(SI), Y4
	MOVQ DI, DX
sixteenx:
	CMPQ DX, R9
	JGE sixteenstore
	VBROADCASTSD (DX), Y0
	VADDPD Y0, Y1, Y1
	VADDPD Y0, Y2, Y2
	VADDPD Y0, Y3, Y3
	VADDPD Y0, Y4, Y4
	ADDQ $8, DX
	JMP sixteenx
sixteenstore:
	VMOVUPD Y1, (SI)
	VMOVUPD Y2, 32(SI)
	VMOVUPD Y3, 64(SI)
	VMOVUPD Y4, 96(SI)
	ADDQ $128, SI
	SUBQ $16, CX
	JMP sixteen
four:
	CMPQ CX, $4
	JL one
	VMOVUPD (SI), Y1
	MOVQ DI, DX
fourx:
	CMPQ DX, R9
	JGE fourstore
	VBROADCASTSD (DX), Y0
	VADDPD Y0, Y1, Y1
	ADDQ $8, DX
	JMP fourx
fourstore:
	VMOVUPD Y1, (SI)
	ADDQ $32, SI
	SUBQ $4, CX
	JMP four
one:
	TESTQ CX, CX
	JZ done
	VMOVSD (SI), X1
	MOVQ DI, DX
onex:
	CMPQ DX, R9
	JGE onestore
	VADDSD (DX), X1, X1
	ADDQ $8, DX
	JMP onex
onestore:
	VMOVSD X1, (SI)
	ADDQ $8, SI
	DECQ CX
	JMP one
done:
	VZEROUPPER
	RET

// func addEachToSlotsAVX512(slots, xs []float64)
// Sixty-four slots at a time in eight registers, then eight; the rest
// by addEachToSlotsAVX2's steps.
TEXT ·addEachToSlotsAVX512(SB), NOSPLIT, $0-48
	MOVQ slots_base+0(FP), SI
	MOVQ slots_len+8(FP), CX
	MOVQ xs_base+24(FP), DI
	MOVQ xs_len+32(FP), R8
	LEAQ (DI)(R8*8), R9 // the end of xs
sixtyfour:
	CMPQ CX, $64
	JL eight
	VMOVUPD (SI), Z1
	VMOVUPD 64(SI), Z2
	VMOVUPD 128(SI), Z3
	VMOVUPD 192(SI), Z4
	VMOVUPD 256(SI), Z5
	VMOVUPD 320(SI), Z6
	VMOVUPD 384(SI), Z7
	VMOVUPD 448(SI), Z8
	MOVQ DI, DX
sixtyfourx:
	CMPQ DX, R9
	JGE sixtyfourstore
	VBROADCASTSD (DX), Z0
	VADDPD Z0, Z1, Z1
	VADDPD Z0, Z2, Z2
	VADDPD Z0, Z3, Z3
	VADDPD Z0, Z4, Z4
	VADDPD Z0, Z5, Z5
	VADDPD Z0, Z6, Z6
	VADDPD Z0, Z7, Z7
	VADDPD Z0, Z8, Z8
	ADDQ $8, DX
	JMP sixtyfourx
sixtyfourstore:
	VMOVUPD Z1, (SI)
	VMOVUPD Z2, 64(SI)
	VMOVUPD Z3, 128(SI)
	VMOVUPD Z4, 192(SI)
	VMOVUPD Z5, 256(SI)
	VMOVUPD Z6, 320(SI)
	VMOVUPD Z7, 384(SI)
	VMOVUPD Z8, 448(SI)
	ADDQ $512, SI
	SUBQ $64, CX
	JMP sixtyfour
eight:
	CMPQ CX, $8
	JL rest
	VMOVUPD (SI), Z1
	MOVQ DI, DX
eightx:
	CMPQ DX, R9
	JGE eightstore
	VBROADCASTSD (DX), Z0
	VADDPD Z0, Z1, Z1
	ADDQ $8, DX
	JMP eightx
eightstore:
	VMOVUPD Z1, (SI)
	ADDQ $64, SI
	SUBQ $8, CX
	JMP eight
rest:
	VZEROUPPER
	MOVQ SI, slots_base+0(FP)
	MOVQ CX, slots_len+8(FP)
	JMP ·addEachToSlotsAVX2(SB)
