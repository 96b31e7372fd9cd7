package main

import "github.com/vugu/vugu/vgform"

// Field is a text or number input bound to a string of the page's state
// (Vugu's vgform.Input: it shows the string and sets it on change). Its
// lower-case attributes (id, type, min, step, placeholder, title) go to
// the input as they are.
type Field = vgform.Input

// bind binds a Field to the string at p.
func bind(p *string) vgform.StringPtr { return vgform.StringPtr{Value: p} }

// paramField binds a Field to a strategy's parameter, as typed.
type paramField struct {
	params map[string]string
	name   string
}

// StringValue returns the parameter as typed.
func (p paramField) StringValue() string { return p.params[p.name] }

// SetStringValue sets the parameter to what was typed.
func (p paramField) SetStringValue(v string) { p.params[p.name] = v }
