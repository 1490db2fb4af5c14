// Async boundary: lets module federation negotiate the shared singletons before React loads.
import('./bootstrap');
