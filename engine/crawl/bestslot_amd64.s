#include "textflag.h"

// func maxOfSlotsAVX2(slots []float64) float64
TEXT ·maxOfSlotsAVX2(SB), NOSPLIT, $0-32
	MOVQ slots_base+0(FP), SI
	MOVQ slots_len+8(FP), CX
	VMOVUPD (SI), Y0
	VMOVAPD Y0, Y1
	VMOVAPD Y0, Y2
	VMOVAPD Y0, Y3
sixteen:
	CMPQ CX, $16
	JL four
	VMAXPD (SI), Y0, Y0
	VMAXPD 32(SI), Y1, Y1
	VMAXPD 64(SI), Y2, Y2
	VMAXPD 96(SI), Y3, Y3
	ADDQ $128, SI
	SUBQ $16, CX
	JMP sixteen
four:
	CMPQ CX, $4
	JL reduce
	VMAXPD (SI), Y0, Y0
	ADDQ $32, SI
	SUBQ $4, CX
	JMP four
reduce:
	VMAXPD Y1, Y0, Y0
	VMAXPD Y3, Y2, Y2
	VMAXPD Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPD X1, X0, X0
	VPERMILPD $1, X0, X1
	VMAXSD X1, X0, X0
	VMOVSD X0, ret+24(FP)
	VZEROUPPER
	RET

// func indexOfSlotAVX2(slots []float64, x float64) int
TEXT ·indexOfSlotAVX2(SB), NOSPLIT, $0-40
	MOVQ slots_base+0(FP), SI
	MOVQ slots_len+8(FP), CX
	VBROADCASTSD x+24(FP), Y0
	XORQ AX, AX
loop:
	CMPQ AX, CX
	JGE none
	VCMPPD $0, (SI)(AX*8), Y0, Y1
	VMOVMSKPD Y1, DX
	TESTL DX, DX
	JNZ found
	ADDQ $4, AX
	JMP loop
found:
	BSFL DX, DX
	ADDQ DX, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET
none:
	MOVQ $-1, ret+32(FP)
	VZEROUPPER
	RET
