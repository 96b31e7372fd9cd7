//go:build js && wasm

package page

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hack-pad/safejs"
)

// DownloadSVGAsPNG draws an SVG document on a canvas of width by height
// pixels and offers the canvas as a PNG file named name: the SVG becomes
// an image from a blob: address (the page's img-src allows blob:), drawn
// once it loads; canvas.toBlob encodes the PNG. It returns at once; done
// gets the outcome later, on a goroutine of its own. The SVG must be
// self-contained: an image sees neither the page's style sheet nor its
// fonts' CSS variables.
func DownloadSVGAsPNG(name, svg string, width, height int, done func(error)) {
	fail := func(err error) { go done(fmt.Errorf("cannot make %s: %w", name, err)) }
	g := safejs.Global()
	blobCtor, err := g.Get("Blob")
	if err != nil {
		fail(err)
		return
	}
	blob, err := blobCtor.New([]any{svg}, map[string]any{"type": "image/svg+xml;charset=utf-8"})
	if err != nil {
		fail(err)
		return
	}
	urlObj, err := g.Get("URL")
	if err != nil {
		fail(err)
		return
	}
	href, err := urlObj.Call("createObjectURL", blob)
	if err != nil {
		fail(err)
		return
	}
	imgCtor, err := g.Get("Image")
	if err != nil {
		fail(err)
		return
	}
	img, err := imgCtor.New(width, height)
	if err != nil {
		fail(err)
		return
	}
	var onLoad, onError, onBlob safejs.Func
	release := func() {
		urlObj.Call("revokeObjectURL", href)
		onLoad.Release()
		onError.Release()
	}
	onBlob, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		onBlob.Release()
		if len(args) == 0 || args[0].IsNull() || args[0].IsUndefined() {
			fail(errors.New("the browser could not encode the canvas as PNG"))
			return nil
		}
		err := offerBlob(name, args[0])
		go done(err)
		return nil
	})
	if err != nil {
		fail(err)
		return
	}
	onLoad, err = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		defer release()
		canvas, err := drawOnCanvas(img, width, height)
		if err == nil {
			_, err = canvas.Call("toBlob", onBlob, "image/png")
		}
		if err != nil {
			onBlob.Release()
			fail(err)
		}
		return nil
	})
	if err != nil {
		onBlob.Release()
		fail(err)
		return
	}
	onError, err = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		release()
		onBlob.Release()
		fail(errors.New("the browser could not read the chart's SVG as an image"))
		return nil
	})
	if err != nil {
		onLoad.Release()
		onBlob.Release()
		fail(err)
		return
	}
	img.Set("onload", onLoad.Value())
	img.Set("onerror", onError.Value())
	if err := img.Set("src", href); err != nil {
		release()
		onBlob.Release()
		fail(err)
	}
}

// drawOnCanvas draws img on a new canvas of width by height pixels.
func drawOnCanvas(img safejs.Value, width, height int) (safejs.Value, error) {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return safejs.Undefined(), err
	}
	canvas, err := doc.Call("createElement", "canvas")
	if err != nil {
		return canvas, err
	}
	canvas.Set("width", width)
	canvas.Set("height", height)
	ctx, err := canvas.Call("getContext", "2d")
	if err != nil || ctx.IsNull() {
		return canvas, errors.New("the browser offers no 2D canvas")
	}
	_, err = ctx.Call("drawImage", img, 0, 0, width, height)
	return canvas, err
}

// CSSVariables returns the computed values of CSS custom properties
// ("--ink", say) on the page's root element, for the current colour
// scheme; a property the page does not set is left out.
func CSSVariables(names ...string) map[string]string {
	out := map[string]string{}
	g := safejs.Global()
	doc, err := g.Get("document")
	if err != nil {
		return out
	}
	root, err := doc.Get("documentElement")
	if err != nil {
		return out
	}
	style, err := g.Call("getComputedStyle", root)
	if err != nil {
		return out
	}
	for _, n := range names {
		v, err := style.Call("getPropertyValue", n)
		if err != nil {
			continue
		}
		if s, err := v.String(); err == nil && strings.TrimSpace(s) != "" {
			out[n] = strings.TrimSpace(s)
		}
	}
	return out
}
