package missingdotted

import . "github.com/mcperrlint/mcperrlint/runtime/mcperr"

var T = Tool[struct{}, int]{Name: "dotted"} // want `error-contract-missing: tool "dotted"`
