package main

import (
	"strings"

	"github.com/vugu/vjson"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/vgform"

	"github.com/crawlsim/crawlsim/ui/formcheck"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// Field is a text or number input bound to a string of the page's state:
// it shows the string and sets it on change, as Vugu's vgform.Input. Its
// lower-case attributes (id, type, min, step, placeholder, title) go to
// the input as they are. A number box holding what is no number (letters
// in Firefox, "1e" or "--" in Chromium), whose value the browser gives as
// empty, sets formcheck.TypedNotANumber in a binding that takes it
// (badInputSetter), so that the form says "not a number" rather than
// "empty", and the box keeps what was typed (Build). An input whose id
// Invalid holds is marked as the field a refusal names (aria-invalid, the refusal as its description,
// the CSS class invalid) until it changes.
type Field struct {
	Value   vgform.StringValuer
	AttrMap vugu.AttrMap
	// Invalid holds the ids of the inputs a refusal names
	// (App.InvalidInputs); nil for none. The field removes its own id
	// when the user changes it.
	Invalid map[string]bool
	// typed is the value the box gave at its last input or change event,
	// while the bound string still holds it (held): the box then shows
	// what the user typed, which may say more than that value ("0." gives
	// "0"), and Build leaves it alone.
	typed string
	held  bool
}

// badInputSetter is a binding that takes formcheck.TypedNotANumber, for a
// number box whose text is no number.
type badInputSetter interface {
	SetBadInput()
}

// formErrorID is the id of the element that shows the form's refusal
// (run-panel.vugu).
const formErrorID = "form-error"

// ID is the input's id.
func (c *Field) ID() string {
	id, _ := c.AttrMap["id"].(string)
	return id
}

// Attrs are the input's attributes: AttrMap's, with the marks of an input
// a refusal names (Invalid).
func (c *Field) Attrs() vugu.AttrMap {
	id := c.ID()
	if id == "" || !c.Invalid[id] {
		return c.AttrMap
	}
	attrs := vugu.AttrMap{}
	for k, v := range c.AttrMap {
		attrs[k] = v
	}
	attrs["aria-invalid"] = "true"
	described, _ := c.AttrMap["aria-describedby"].(string)
	attrs["aria-describedby"] = strings.TrimSpace(formErrorID + " " + described)
	class, _ := c.AttrMap["class"].(string)
	attrs["class"] = strings.TrimSpace(class + " invalid")
	return attrs
}

// Build makes the input: its attributes (Attrs), the bound string as its
// value, and the handler of its input and change events (HandleChange).
// While the string is formcheck.TypedNotANumber, or what the box itself
// gave at its last event (typed), the value is left out, so that the
// renderer leaves what the user typed in the box: a value set, even the
// one the box gives, would replace it. A number box holding "0." gives
// "0", and setting "0" wiped the point and put the caret first, so that
// "0.95" typed key by key became "950".
func (c *Field) Build(vgin *vugu.BuildIn) *vugu.BuildOut {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: "input"}
	n.AddAttrList(c.Attrs())
	v := c.Value.StringValue()
	if c.held && v != c.typed {
		// changed by the page (a link, a reset): the box shows it
		c.held = false
	}
	if v != formcheck.TypedNotANumber && !c.held {
		b, err := vjson.Marshal(v)
		if err != nil {
			panic(err) // a string always marshals
		}
		n.Prop = append(n.Prop, vugu.VGProperty{Key: "value", JSONVal: vjson.RawMessage(b)})
	}
	// The string follows every keystroke ("input"), not only the value
	// committed ("change"): Vugu sets the value property at every render,
	// and a render while the reader types (a run's progress renders the
	// page twice a second) put back the value of the last change, wiping
	// what was typed since.
	for _, kind := range []string{"input", "change"} {
		n.DOMEventHandlerSpecList = append(n.DOMEventHandlerSpecList, vugu.DOMEventHandlerSpec{
			EventType: kind,
			Func: func(event vugu.DOMEvent) {
				c.HandleChange(event.PropString("target", "value"), holdsNoNumber(c.ID()))
			},
		})
	}
	return &vugu.BuildOut{Out: []*vugu.VGNode{n}}
}

// HandleChange takes the input's new value (badInput: its text is no
// number), and clears its mark of a refused field.
func (c *Field) HandleChange(value string, badInput bool) {
	if b, ok := c.Value.(badInputSetter); ok && badInput && value == "" {
		b.SetBadInput()
	} else {
		c.Value.SetStringValue(value)
	}
	c.typed, c.held = c.Value.StringValue(), true
	delete(c.Invalid, c.ID())
}

// holdsNoNumber reports whether the input with the id holds text that
// is no number (page.HoldsNoNumber; a test replaces it).
var holdsNoNumber = page.HoldsNoNumber

// bind binds a Field to the string at p.
func bind(p *string) vgform.StringPtr { return vgform.StringPtr{Value: p} }

// numberPtr binds a number box of the form to the string at p, which
// takes formcheck.TypedNotANumber for a box whose text is no number.
type numberPtr struct{ vgform.StringPtr }

// SetBadInput marks the number typed as no number.
func (p numberPtr) SetBadInput() { *p.Value = formcheck.TypedNotANumber }

// numberBox binds a Field of the form's number boxes to the string at p
// (numberPtr).
func numberBox(p *string) numberPtr { return numberPtr{vgform.StringPtr{Value: p}} }

// paramField binds a Field to a strategy's parameter, as typed.
type paramField struct {
	params map[string]string
	name   string
}

// StringValue returns the parameter as typed.
func (p paramField) StringValue() string { return p.params[p.name] }

// SetStringValue sets the parameter to what was typed.
func (p paramField) SetStringValue(v string) { p.params[p.name] = v }

// SetBadInput marks the parameter typed as no number.
func (p paramField) SetBadInput() { p.params[p.name] = formcheck.TypedNotANumber }
