package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// aliasUsage begins the usage of a flag that is another name of a flag
// (aliasFlag): "same as -damping".
const aliasUsage = "same as -"

// aliasFlag makes alias another name of fs's flag name, which must be
// declared already: both set one value. The alias is an older name kept
// so that scripts written with it still run (rank's -d, now -damping as
// in run), or another command's name of the setting (gen's -gen-seed,
// run's name of gen's -seed). The help lists the flag once, under name,
// and says the alias there (printFlagDefaults); suggestions offer name
// alone (flagNames).
func aliasFlag(fs *flag.FlagSet, alias, name string) {
	f := fs.Lookup(name)
	fs.Var(f.Value, alias, aliasUsage+name)
	fs.Lookup(alias).DefValue = f.DefValue
	f.Usage += fmt.Sprintf("; -%s is the same flag", alias)
}

// aliasOf returns the name of the flag f is an alias of (aliasFlag), or
// "" when f is a flag of its own.
func aliasOf(fs *flag.FlagSet, f *flag.Flag) string {
	name, ok := strings.CutPrefix(f.Usage, aliasUsage)
	if !ok || fs.Lookup(name) == nil {
		return ""
	}
	return name
}

// flagNames lists fs's flags but aliases, for a suggestion.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if aliasOf(fs, f) == "" {
			names = append(names, f.Name)
		}
	})
	return names
}

// givenFlags maps the name of each flag given on the command line to the
// name it was given by: an alias (aliasFlag) sets its flag's name, so that
// a check finds the flag whichever name was typed and a message says the
// one typed.
func givenFlags(fs *flag.FlagSet) map[string]string {
	given := map[string]string{}
	fs.Visit(func(f *flag.Flag) {
		name := f.Name
		if of := aliasOf(fs, f); of != "" {
			name = of
		}
		given[name] = f.Name
	})
	return given
}

// printFlagDefaults writes fs's flags to w as flag.PrintDefaults does,
// but aliases, which their flags' entries name, and with descriptions
// wrapped within 80 columns (wrapFlagDefaults).
func printFlagDefaults(w io.Writer, fs *flag.FlagSet) {
	var text strings.Builder
	sub := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	sub.SetOutput(&text)
	fs.VisitAll(func(f *flag.Flag) {
		if aliasOf(fs, f) == "" {
			sub.Var(f.Value, f.Name, f.Usage)
			sub.Lookup(f.Name).DefValue = f.DefValue
		}
	})
	sub.PrintDefaults()
	io.WriteString(w, wrapFlagDefaults(text.String()))
}
