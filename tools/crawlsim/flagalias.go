package main

import (
	"flag"
	"fmt"
)

// aliasUsage begins the usage of a flag that is another name of a flag
// (aliasFlag): "same as -damping". The help leaves aliases out
// (printFlagDefaults), and aliasOf knows them by their value.
const aliasUsage = "same as -"

// aliasFlag makes alias another name of fs's flag name, which must be
// declared already and take a value (not a boolean flag, which the alias
// would not be): both set one value. The alias is an older name kept
// so that scripts written with it still run (rank's -d, now -damping as
// in run), or another command's name of the setting (gen's -gen-seed,
// run's name of gen's -seed). The help lists the flag once, under name,
// and says the alias there (printFlagDefaults); suggestions offer name
// alone (flagNames). Given under both names, the flag is refused
// (bothNames).
func aliasFlag(fs *flag.FlagSet, alias, name string) {
	f := fs.Lookup(name)
	v := &aliasValue{Value: f.Value, fs: fs, name: name}
	fs.Var(v, alias, aliasUsage+name)
	fs.Lookup(alias).DefValue = f.DefValue
	f.Usage += fmt.Sprintf("; -%s is the same flag", alias)
}

// aliasValue is the value of an alias of the flag name of fs: it sets the
// flag's value, and keeps the text it was given and, when the flag was
// given by its own name before, the flag's value then (bothNames).
type aliasValue struct {
	flag.Value
	fs   *flag.FlagSet
	name string
	// typed is the text the alias was given last; before is the value
	// the flag's own name gave it before that, or "" when it had not.
	typed, before string
}

// Set records s, and the value the flag's own name gave it before, and
// sets the flag.
func (a *aliasValue) Set(s string) error {
	a.before = ""
	a.fs.Visit(func(f *flag.Flag) {
		if f.Name == a.name {
			a.before = a.Value.String()
		}
	})
	a.typed = s
	return a.Value.Set(s)
}

// Get returns the flag's value, as the flag's own name does (flagWants,
// nonzeroFloats).
func (a *aliasValue) Get() any {
	if g, ok := a.Value.(flag.Getter); ok {
		return g.Get()
	}
	return a.Value.String()
}

// bothNames refuses a flag of fs, once parsed, that was given under its
// own name and an alias (aliasFlag), which Go's flag package would let
// the last one given set: "-d 0.8 and -damping 0.9 set the same flag;
// give one", in the order given. A flag given twice under one name keeps
// the last value, as Go's flags do. It returns "" when there is none.
func bothNames(fs *flag.FlagSet) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	msg := ""
	fs.VisitAll(func(f *flag.Flag) {
		a := aliasValueOf(f)
		if msg != "" || a == nil || !set[f.Name] || !set[a.name] {
			return
		}
		if a.before != "" {
			msg = fmt.Sprintf("-%s %s and -%s %s set the same flag; give one", a.name, a.before, f.Name, a.typed)
		} else {
			msg = fmt.Sprintf("-%s %s and -%s %s set the same flag; give one", f.Name, a.typed, a.name, a.Value.String())
		}
	})
	return msg
}

// aliasOf returns the name of the flag f is an alias of (aliasFlag), or
// "" when f is a flag of its own.
func aliasOf(f *flag.Flag) string {
	if a := aliasValueOf(f); a != nil {
		return a.name
	}
	return ""
}

// aliasValueOf returns the value of f when f is an alias (aliasFlag),
// looking through a value that wraps another (nonzeroFloat), or nil.
func aliasValueOf(f *flag.Flag) *aliasValue {
	v := f.Value
	for {
		switch w := v.(type) {
		case *aliasValue:
			return w
		case interface{ wrapped() flag.Value }:
			v = w.wrapped()
		default:
			return nil
		}
	}
}

// flagNames lists fs's flags but aliases, for a suggestion.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if aliasOf(f) == "" {
			names = append(names, f.Name)
		}
	})
	return names
}

// explicitFlags returns the names of the flags set on the command line, so
// a command can tell a default from the same value given on purpose. A
// flag set by another name (aliasFlag) is set by its own name too.
func explicitFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) {
		set[f.Name] = true
		if of := aliasOf(f); of != "" {
			set[of] = true
		}
	})
	return set
}

// typedName returns the name by which the flag name of fs was given, for
// a message that says the one typed: an alias of it (aliasFlag) when
// that was given, else name.
func typedName(fs *flag.FlagSet, name string) string {
	typed := name
	fs.Visit(func(f *flag.Flag) {
		if aliasOf(f) == name {
			typed = f.Name
		}
	})
	return typed
}
