"""Academic conventions: attribution (quotations, citations, references) and the CNKI / Turnitin figures."""
