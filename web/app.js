// The board is drawn here.
"use strict";
