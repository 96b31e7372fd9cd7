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
